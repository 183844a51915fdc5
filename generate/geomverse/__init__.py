"""GeomVerse-style generation: backward-built problems with gold solutions and figures."""
