/** The public surface of src/image/: what the layers above it use. */
export { createImage, drawLine, drawText, fillDisc, fillRect, fillTriangle, type Rgba, type RgbaImage } from './canvas.js';
export { GLYPH_H, textWidth } from './font.js';
export { dropAlpha, type RgbdFrame, type RgbdImage, type RgbImage } from './frame.js';
export { pngSize, pngSizeProblem } from './png-header.js';
