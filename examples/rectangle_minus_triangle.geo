# Rectangle minus an equilateral triangle, joined to a semicircle and a circle.
# answer: 51.28
AEFGH: rectangle - equilateral triangle on EG
semicircle on HA
circle on AE
arc HA = 15.7
area AEFGH = 120
find perimeter AE
