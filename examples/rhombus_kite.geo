# A rhombus sharing a side with a kite.
# answer: 34.0
rhombus ABCD
kite CBEF
AC = 12
BD = 16
BE = 7
find perimeter CBEF
