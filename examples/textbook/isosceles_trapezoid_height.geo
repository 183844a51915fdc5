# An isosceles trapezoid's height from its bases and legs.
# answer: 12
isosceles trapezoid ABCD bases AB CD
AB = 20
CD = 10
AD = 13
find height ABCD
