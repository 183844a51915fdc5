# Depth 2: a sector's area gives its radius AB, which is the square's side (BC), and that side a triangle's angle.
# answer: 53.13
sector EAB
square ABCD
triangle BCG right at C
area EAB = 75.4
angle EAB = 60
BG = 20
find angle CBG
