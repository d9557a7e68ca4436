/**
 * The pixels of a width × height grid reachable from its border through open pixels (4-neighbour flood fill):
 * 1 where reached. What is open and not reached is enclosed (a hole in a figure, a print inside a garment).
 */
export function reachableFromBorder(width: number, height: number, open: (i: number) => boolean, { bottom = true }: { bottom?: boolean } = {}): Uint8Array {
  const reached = new Uint8Array(width * height);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (reached[i] || !open(i)) return;
    reached[i] = 1;
    stack.push(i);
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    if (bottom) visit((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i < (height - 1) * width) visit(i + width);
  }
  return reached;
}
