# A right triangle's altitude: textbook plane geometry
points A B C D
triangle ABC right at C
line A D B
CD perpendicular to AB
AC = 6
BC = 8
find CD
