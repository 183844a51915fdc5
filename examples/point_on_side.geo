# Not a tree (GeomVerse Appendix E): D on AC splits triangle ABC into ABD and DBC.
# answer: 5.63
# The angle at D comes from triangle ABD, but DC then needs the law of cosines
# solved for a side (two roots in general), so geomill solves the equations together.
triangle ABC
triangle ABD
triangle DBC
point D on AC
AB = 6
BC = 8
BD = 5
AD = 4
find DC
