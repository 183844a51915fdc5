# The GeomVerse Fig. 1 shape: a rectangle with a semicircle cut out of one side.
# answer: 12.34
ABEF: rectangle - semicircle on EF
rectangle ABCD
perimeter ABEF = 34
BE = 7
area ABCD = 96
find AD
