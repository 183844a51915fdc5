# DE is parallel to BC, so ADE is similar to ABC.
# answer: 12
triangle ABC
line A D B
line A E C
DE parallel to BC
ADE similar to ABC
angle BAC = 60
AD = 4
AB = 10
DE = 4.8
find BC
