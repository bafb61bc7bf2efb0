import { describe, expect, it } from 'vitest';
import { fileProblems, stepsFor } from './document-steps';

const category = (IsApprovalDocument: boolean, AllowFactorySelection: boolean) => ({
  ProjLevDocCategoryId: 1,
  CategoryName: 'c',
  IsApprovalDocument,
  AllowFactorySelection,
  AllowChildSelection: false,
});

describe('document upload steps', () => {
  it('DOC-004..007 category, approval for approval categories, factory where allowed, then files', () => {
    expect(stepsFor(undefined, false)).toEqual(['category', 'files']);
    expect(stepsFor(category(false, false), false)).toEqual(['category', 'files']);
    expect(stepsFor(category(true, false), false)).toEqual(['category', 'approval', 'files']);
    expect(stepsFor(category(true, true), false)).toEqual(['category', 'approval', 'factory', 'files']);
  });

  it('DOC-005 DOC-011 a factory user is neither asked the approval question nor offered a factory', () => {
    expect(stepsFor(category(true, true), true)).toEqual(['category', 'files']);
  });

  it('DOC-008..010 each chosen file carries its problem', () => {
    const file = (name: string, size: number) => ({ name, size }) as File;
    expect(fileProblems([file('a.pdf', 10), file('a.exe', 10), file('b.pdf', 78_643_201)]).map((f) => f.problem)).toEqual([
      undefined,
      'Invalid File Extension.',
      'File size is limited to 75 MB.',
    ]);
  });
});
