# GeomVerse Fig. 15 (d): depth 2 with a branch (width 2).  Published answer: 124.
# answer: 124
trapezoid ABCD bases AD BC
semicircle on AD
BCFGH: rectangle + equilateral triangle on CG
height ABCD = 8
area AD = 189.97
BH = 8
perimeter BCFGH = 42
find area ABCD
