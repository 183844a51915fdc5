# GeomVerse Fig. 15 (b): depth 1, variablized.  Published answer: 75.
# answer: 75
triangle ABC
angle BAC = 2x + 50
angle BCA = 2x + 35
angle CBA = 5x + 50
find angle CBA
