# Two parallel lines cut by a transversal: alternate and co-interior angles.
# answer: 65
line A E B
line C F D
line G E F H
AB parallel to CD
clockwise AEG DFG
angle AEF = 115
find angle EFD
