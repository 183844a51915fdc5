# An isosceles triangle on a side of an equilateral triangle; its apex angle
# answer: 44.16
# comes from a complementary angle.
triangle ABC equilateral
triangle BCD isosceles at D
angles BDC and CDE are complementary
perimeter ABC = 27
angle CDE = 40
find area BCD
