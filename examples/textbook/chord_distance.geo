# The distance from a circle's centre to a chord, from the radius and the chord.
# answer: 3
circle O through A B
line A M B
line O M
OM perpendicular to AB
radius O = 5
AB = 8
find OM
