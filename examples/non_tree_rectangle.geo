# Not a tree: area and perimeter each involve both unknown sides, so forward
# answer: 10
# chaining stalls and geomill solves the equations together (GeomVerse cannot).
rectangle ABCD
area ABCD = 48
perimeter ABCD = 28
find AC
