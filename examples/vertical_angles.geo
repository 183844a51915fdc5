# Vertical angles carry an angle from one triangle to another.
# answer: 4.98
triangle ABC right at B
triangle DCE
angles ACB and DCE are vertical
AB = 5
AC = 10
CD = 10
CE = 8
find DE
