# A parallelogram's height from its area and an isosceles triangle's side.
# answer: 6.56
parallelogram ABCD
triangle ABE isosceles at E
area ABCD = 84
AE = 10
angle AEB = 80
find height ABCD
