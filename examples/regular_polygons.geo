# Regular polygons sharing sides: a hexagon, a pentagon and an octagon.
# answer: 48.16
regular hexagon ABCDEF
regular pentagon BAGHI
regular octagon DCJKLMNO
area ABCDEF = 93.53
find perimeter DCJKLMNO
