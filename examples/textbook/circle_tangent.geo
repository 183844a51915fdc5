# A tangent from P touches circle O at A; the secant from P through O meets the circle at B.
# answer: 12
circle O through A B
PA tangent to circle O
line P B O
radius O = 5
PB = 8
find PA
