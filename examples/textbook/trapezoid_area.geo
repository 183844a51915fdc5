# A trapezoid's area from its bases and legs: its height first.
# answer: 216
trapezoid ABCD bases AB CD
AB = 25
CD = 11
BC = 13
DA = 15
find area ABCD
