import { describe, expect, it } from 'vitest';
import { DELETE_FAILED, IMAGE_DELETED, IMAGE_UPLOADED, imageFileProblem, imageUrl, PICKER_ACCEPT, uploadFailed } from './image-checks';

describe('image checks before upload', () => {
  it('DOC-018 the picker takes jpg, jpeg, gif and png in any case; anything else is an Invalid File Format', () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.gif', 'd.Png']) expect(imageFileProblem(name, 'picker')).toBeUndefined();
    for (const name of ['a.tiff', 'b.exe', 'no-extension', 'png', 'e.png.exe']) expect(imageFileProblem(name, 'picker')).toBe('Invalid File Format');
    expect(PICKER_ACCEPT).toBe('.jpg,.jpeg,.gif,.png');
  });

  it('DOC-018 the drop area also allows bmp; the picker does not', () => {
    expect(imageFileProblem('scan.bmp', 'drop')).toBeUndefined();
    expect(imageFileProblem('scan.bmp', 'picker')).toBe('Invalid File Format');
  });

  it('DOC-019 a name of 175 characters passes; a longer one says how many characters too many', () => {
    expect(imageFileProblem(`${'n'.repeat(171)}.png`, 'picker')).toBeUndefined();
    expect(imageFileProblem(`${'n'.repeat(172)}.png`, 'picker')).toBe(
      'File name is 1 characters over the maximum amount of 175. Please rename your file, and try again.',
    );
    expect(imageFileProblem(`${'n'.repeat(196)}.jpeg`, 'drop')).toBe(
      'File name is 26 characters over the maximum amount of 175. Please rename your file, and try again.',
    );
  });
});

describe('image texts and URL', () => {
  it("DOC-023 the toasts are the spec's words", () => {
    expect(IMAGE_UPLOADED).toBe('Image uploaded successfully');
    expect(IMAGE_DELETED).toBe('Image Deleted Successfully');
    expect(uploadFailed('Invalid File Format')).toBe(
      'There was an error while uploading the image. Please contact system administrator. Error Message: Invalid File Format',
    );
    expect(DELETE_FAILED).toBe('There was an error while deleting the image. Please contact system administrator.');
  });

  it('DOC-022 the image URL carries project id, level, image type, size and time stamp', () => {
    expect(imageUrl(3, 42, 2, 600, 'v7')).toBe('/api/Image/GetImage?projectId=42&projectLevel=3&imageType=2&size=600&ts=v7');
  });
});
