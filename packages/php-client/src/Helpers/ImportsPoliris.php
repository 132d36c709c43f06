<?php

declare(strict_types=1);

namespace ListingSync\Helpers;

use ListingSync\ApiException;
use ListingSync\Client;

/** The passerelle file agency software already writes for portals, imported as it is. */
trait ImportsPoliris
{
    /**
     * Imports a passerelle file (Poliris 4.x: the ZIP agency software sends to portals, or
     * `Annonces.csv` alone): the agency's whole set, run by the service as one full sync session.
     * Answers the report once the import is done: `created`, `updated`, `unchanged`, `withdrawn`,
     * and `errors` per line (line, reference, rank and name of the field, a French message).
     * The file is streamed from disk, and sent again whole on a retry.
     *
     * @param string|resource $file a path, or a stream (read from its start)
     * @param array{force?: bool, kind?: 'zip'|'csv', fileName?: string} $options `kind`: by default
     *     `csv` for a path ending in .csv, else `zip`; `force`: withdraw even more than 20 % of
     *     the listings on the market; `fileName`: shown with the report in the pro space
     * @return array<string, mixed>
     * @throws ApiException a file refused whole (400, 413), over the withdrawal cap or sent while
     *     another import runs (409), with the service's French detail
     */
    public function importPoliris(mixed $file, array $options = []): array
    {
        $stream = self::seekableStream($file);
        $isCsvPath = is_string($file) && str_ends_with(strtolower($file), '.csv');
        $kind = $options['kind'] ?? ($isCsvPath ? 'csv' : 'zip');
        $fileName = $options['fileName'] ?? (is_string($file) ? basename($file) : null);
        try {
            return $this->request('POST', '/ingest/poliris', [
                'query' => ['force' => ($options['force'] ?? false) ? 'true' : null, 'fileName' => $fileName],
                'headers' => ['content-type' => $kind === 'csv' ? 'text/csv' : 'application/zip'],
                'body' => $stream,
                'idempotencyKey' => Client::newIdempotencyKey(),
            ]);
        } finally {
            if ($stream !== $file) {
                fclose($stream);
            }
        }
    }

    /**
     * A stream a retry can read again from its start: the file itself, or a copy of a stream
     * that cannot seek (kept in memory up to 2 MB, then in a temporary file).
     *
     * @param string|resource $file
     * @return resource
     */
    private static function seekableStream(mixed $file): mixed
    {
        if (is_string($file)) {
            $stream = is_file($file) ? @fopen($file, 'rb') : false;
            if ($stream === false) {
                throw new \InvalidArgumentException(sprintf('Cannot read the file %s.', $file));
            }
            return $stream;
        }
        if (!is_resource($file)) {
            throw new \InvalidArgumentException('Give the file as a path or a stream.');
        }
        if (stream_get_meta_data($file)['seekable']) {
            return $file;
        }
        $copy = fopen('php://temp/maxmemory:2097152', 'w+b');
        stream_copy_to_stream($file, $copy);
        return $copy;
    }
}
