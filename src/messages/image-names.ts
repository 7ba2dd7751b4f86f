// A picture's file name follows its format: a post names its pictures
// (`….png`) before they are drawn, and the renderer decides the format (the
// KPW map is a JPEG, render/kit/canvas.ts encodeJpeg), so the name is set
// from the bytes where they are sent or saved.

/** Whether the bytes are a JPEG (its start-of-image marker). */
export const isJpeg = (image: Buffer): boolean => image.length > 3 && image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;

/** Whether the bytes are a PNG (its signature's first four bytes). */
export const isPng = (image: Buffer): boolean => image.length >= 8 && image.readUInt32BE(0) === 0x89504e47;

/** The file extension an encoded picture's bytes call for, or null for anything else (a picture not drawn yet). */
export function imageExtension(image: Buffer): 'png' | 'jpg' | null {
  return isJpeg(image) ? 'jpg' : isPng(image) ? 'png' : null;
}

/** A picture's file name with the extension its bytes call for; any other name as it is. */
export function nameForImage(name: string, image: Buffer): string {
  const extension = imageExtension(image);
  return extension ? name.replace(/\.(png|jpe?g)$/i, `.${extension}`) : name;
}
