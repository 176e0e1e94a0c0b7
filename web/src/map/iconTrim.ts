/** An image's pixels as the map's `addImage` takes them (ImageData is one). */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * The image cut down to the smallest box around its centre that holds every pixel that is not wholly
 * transparent; the same image when nothing can go. A vehicle's icon is drawn centred on the vehicle and
 * rotated about that centre, so the cut keeps the centre where it was. The map draws every pixel of an
 * icon's box, transparent or not: a top-down truck fills about a third of its square, and on a crowded
 * view in software WebGL the empty corners cost as much as the truck.
 */
export function trimmedAroundCentre(image: Pixels): Pixels {
  const { width, height, data } = image;
  let reachX = 0;
  let reachY = 0;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] === 0) continue;
      // the pixel's farther edge from the centre, in pixels
      reachX = Math.max(reachX, Math.abs(x + 0.5 - width / 2) + 0.5);
      reachY = Math.max(reachY, Math.abs(y + 0.5 - height / 2) + 0.5);
    }
  // an even cut on both sides keeps the centre on the same point
  const cutX = Math.floor((width - 2 * Math.ceil(reachX)) / 2);
  const cutY = Math.floor((height - 2 * Math.ceil(reachY)) / 2);
  if (reachX === 0 || (cutX <= 0 && cutY <= 0)) return image;
  const x0 = Math.max(0, cutX);
  const y0 = Math.max(0, cutY);
  const w = width - 2 * x0;
  const h = height - 2 * y0;
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++)
    out.set(data.subarray(((y + y0) * width + x0) * 4, ((y + y0) * width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data: out };
}
