"The lab: search levers that were measured and left off, with their settings and presets."
