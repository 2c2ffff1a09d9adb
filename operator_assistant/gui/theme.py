"""Control-room ergonomics: a high-contrast dark theme, a light one, and font zoom.

Looks only: it must not change behaviour.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

_DARK = {
    QPalette.ColorRole.Window: "#101214", QPalette.ColorRole.WindowText: "#f2f2f2",
    QPalette.ColorRole.Base: "#000000", QPalette.ColorRole.AlternateBase: "#1b1e21",
    QPalette.ColorRole.Text: "#ffffff", QPalette.ColorRole.Button: "#22262a",
    QPalette.ColorRole.ButtonText: "#ffffff", QPalette.ColorRole.Highlight: "#ffd400",
    QPalette.ColorRole.HighlightedText: "#000000", QPalette.ColorRole.Link: "#6cc4ff",
    QPalette.ColorRole.ToolTipBase: "#22262a", QPalette.ColorRole.ToolTipText: "#ffffff",
    QPalette.ColorRole.PlaceholderText: "#a0a0a0",
}

# A card's note that another document states a value differently: its own box, white and amber on dark brown in an
# amber frame, which stands out from the page and reads the same in the dark theme (black page) and the light one.
NOTE_BACKGROUND, NOTE_TEXT, NOTE_LINK, NOTE_BORDER = "#4a2c00", "#ffffff", "#ffd27a", "#e08a00"


def apply_theme(app: QApplication, dark: bool) -> None:
    palette = app.style().standardPalette()
    if dark:
        for role, color in _DARK.items():
            palette.setColor(role, QColor(color))
        # a disabled control must look disabled, also in the dark
        for role in (QPalette.ColorRole.ButtonText, QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
            palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#6b6b6b"))
        palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button, QColor("#16181a"))
    app.setPalette(palette)


def set_font_size(app: QApplication, points: float) -> float:
    points = max(8.0, min(32.0, points))
    font = QFont(app.font())
    font.setPointSizeF(points)
    app.setFont(font)
    return points
