# GeomVerse Fig. 15 (a): depth 1.  Published answer: 44.
# answer: 44
parallelogram ABCD
AD = 10
AB = 12
find perimeter ABCD
