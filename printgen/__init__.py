"""Print-and-play pipeline (reportlab + Pillow). Built in a later issue."""
