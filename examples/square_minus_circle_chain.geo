# A square with its inscribed circle removed feeds a rectangle, which feeds a right triangle.
# answer: 53.13
ABCD: square - circle
rectangle BEFC
triangle BGE right at G
area ABCD = 21.5
perimeter BEFC = 30
EG = 4
find angle EBG
