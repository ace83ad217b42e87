import CWayland
