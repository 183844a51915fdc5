# Depth 3: a sector's area gives a radius, the radius a square's side, the side a triangle's angle.
# answer: 53.13
sector EAB
square ABCD
triangle BCG right at C
area EAB = 75.4
angle EAB = 60
BG = 20
find angle CBG
