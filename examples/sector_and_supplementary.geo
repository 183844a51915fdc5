# A sector whose angle is supplementary to a given angle.
# answer: 5.76
sector DAC
angles DAC and CAB are supplementary
AD = 6
angle CAB = 125
find arc DAC
