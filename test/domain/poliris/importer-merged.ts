import { importPoliris } from '../../../src/domain/poliris/import.js';

/**
 * Whether `importPoliris` is the real importer or still the contract's stub: the tests of the
 * pull and the SFTP drop run their end-to-end assertions once it is merged.
 */
export async function importerMerged(): Promise<boolean> {
  try {
    await importPoliris(
      null as never,
      { agencyId: 'agc_0', env: 'test' },
      { kind: 'zip', bytes: Buffer.alloc(0) },
      { origin: 'upload', fileName: null, force: false },
      () => new Date(),
    );
    return true;
  } catch (error) {
    return !(error instanceof Error && /not written yet/.test(error.message));
  }
}
