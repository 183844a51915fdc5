# FormalGeo7k problem 6 (Geometry3k-5), level 6
# answer: 80
points A C M B
triangle ACM
triangle AMB
line C M B
CM perpendicular to AM
clockwise ACM AMB
AC = 20
CM = 12
BM = 30
find perimeter ABM
