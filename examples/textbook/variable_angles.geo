# The angles of a triangle in terms of x; the exterior angle at C.
# answer: 100
triangle ABC
line B C D
angle CAB = 2x
angle ABC = x + 10
angle ACB = 3x - 10
find angle ACD
