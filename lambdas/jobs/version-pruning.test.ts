import { versionsToPrune, VERSIONS_KEPT } from './version-pruning';

const none: { functionVersion: string; additionalVersions: string[] }[] = [];

describe('which versions the pruner deletes', () => {
  it('keeps the newest five published versions and deletes the older ones, oldest first', () => {
    const versions = ['$LATEST', ...Array.from({ length: 9 }, (_, i) => String(i + 1))];
    expect(versionsToPrune(versions, none)).toEqual(['1', '2', '3', '4']);
    expect(VERSIONS_KEPT).toBe(5);
  });

  it('orders versions as numbers, not as text: 10 is newer than 9', () => {
    const versions = ['9', '10', '11', '12', '13', '8', '7'];
    expect(versionsToPrune(versions, none)).toEqual(['7', '8']);
  });

  it('never deletes $LATEST, nor anything that is not a published version', () => {
    expect(versionsToPrune(['$LATEST', 'live', '0', '01', '1', '2', '3', '4', '5', '6'], none)).toEqual(['1']);
    expect(versionsToPrune(['$LATEST'], none, 1)).toEqual([]);
  });

  it('never deletes the version an alias points to, however old', () => {
    const versions = Array.from({ length: 20 }, (_, i) => String(i + 1));
    expect(versionsToPrune(versions, [{ functionVersion: '3', additionalVersions: [] }])).toEqual([
      '1',
      '2',
      ...Array.from({ length: 12 }, (_, i) => String(i + 4)),
    ]);
  });

  it('never deletes a version a weighted alias sends calls to (a canary in progress)', () => {
    const versions = Array.from({ length: 8 }, (_, i) => String(i + 1));
    const canary = { functionVersion: '2', additionalVersions: ['1'] };
    expect(versionsToPrune(versions, [canary])).toEqual(['3']);
  });

  it('deletes nothing while a function has five versions or fewer', () => {
    expect(versionsToPrune(['$LATEST', '1', '2', '3', '4', '5'], none)).toEqual([]);
    expect(versionsToPrune([], none)).toEqual([]);
  });

  it('refuses to keep fewer than one version', () => {
    expect(() => versionsToPrune(['1', '2'], none, 0)).toThrow(
      'keep must be a whole number of versions, at least 1 (got 0)',
    );
  });
});
