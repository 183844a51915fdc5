# FormalGeo7k problem 1014 (Geometry3k-1047), level 9
# answer: 50
points C F E Q G D
triangle EFC
line G C D
circle E through F C Q
DC tangent to circle E
GC tangent to circle E
clockwise EFC GCF FCE ECD FCQ FEQ QEC
angle FEQ = 100
angle CEQ = 160
find angle FCG
