import WaylandUI
