"""Draw the application icon into assets/ (PNG for Linux and the window, ICO for the Windows build).

Run again only to change the icon: python scripts/make_icon.py
"""

from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parent.parent / "assets"
SIZE = 512


def draw() -> Image.Image:
    image = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    # dark control-room blue tile
    pen.rounded_rectangle((16, 16, SIZE - 16, SIZE - 16), radius=96, fill=(18, 42, 66, 255))
    # speech bubble: the operator's question
    pen.rounded_rectangle((84, 100, 428, 340), radius=56, fill=(236, 242, 248, 255))
    pen.polygon([(150, 330), (150, 420), (240, 336)], fill=(236, 242, 248, 255))
    # water drop inside the bubble: the plant
    cx, top, r = 256, 140, 62
    pen.polygon([(cx, top), (cx - r + 6, 240), (cx + r - 6, 240)], fill=(32, 140, 220, 255))
    pen.ellipse((cx - r, 200, cx + r, 200 + 2 * r), fill=(32, 140, 220, 255))
    return image


def main() -> None:
    ASSETS.mkdir(exist_ok=True)
    icon = draw()
    icon.resize((256, 256), Image.LANCZOS).save(ASSETS / "operator-assistant.png")
    icon.save(ASSETS / "operator-assistant.ico", sizes=[(16, 16), (24, 24), (32, 32), (48, 48), (64, 64), (128, 128), (256, 256)])
    print(f"wrote {ASSETS / 'operator-assistant.png'} and .ico")


if __name__ == "__main__":
    main()
