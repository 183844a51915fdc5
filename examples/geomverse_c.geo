# GeomVerse Fig. 15 (c): depth 2.  Published answer: 28.69.
# answer: 28.69
triangle ABC right at A
BCDE: rectangle + semicircle on EB
AB = 7
CD = 6
area BCDE = 102
find angle BCA
