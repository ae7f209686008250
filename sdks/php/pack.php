<?php

// Packs the library into one archive Composer installs from an artifact repository:
//   php sdks/php/pack.php <output folder>   writes <output folder>/kestrelpay-php-<version>.zip
// Run `npm run sdks:tables` first: the archive carries the generated src/operations.json.

declare(strict_types=1);

require __DIR__ . '/src/KestrelPay.php';

/** What the archive holds, beside src/: composer.json at its root, as Composer looks for it. */
const PACKED_FILES = ['composer.json', 'autoload.php', 'README.md'];

function fail(string $message): never
{
    fwrite(STDERR, "pack.php: {$message}\n");
    exit(1);
}

$output = $argv[1] ?? fail('name the folder to write the archive into: php sdks/php/pack.php <folder>');
if (!extension_loaded('zip')) {
    fail('PHP\'s zip extension is missing: install php-zip (scripts/install-debian.sh does).');
}
if (!is_file(__DIR__ . '/src/operations.json')) {
    fail('src/operations.json is missing: run npm run sdks:tables first.');
}
$manifest = json_decode((string) file_get_contents(__DIR__ . '/composer.json'), true, 512, JSON_THROW_ON_ERROR);
if ($manifest['version'] !== \KestrelPay\KestrelPay::VERSION) {
    $constant = \KestrelPay\KestrelPay::VERSION;
    fail("composer.json says version {$manifest['version']}, KestrelPay::VERSION {$constant}: make them agree.");
}

$files = PACKED_FILES;
$sources = new RecursiveIteratorIterator(
    new RecursiveDirectoryIterator(__DIR__ . '/src', FilesystemIterator::SKIP_DOTS),
);
foreach ($sources as $source) {
    $files[] = substr($source->getPathname(), strlen(__DIR__) + 1);
}
sort($files); // the same entries in the same order on every machine

if (!is_dir($output) && !mkdir($output, 0777, true)) {
    fail("cannot create {$output}");
}
$name = basename($manifest['name']) . "-{$manifest['version']}.zip";
$archivePath = rtrim($output, '/') . "/{$name}";
$archive = new ZipArchive();
if ($archive->open($archivePath, ZipArchive::CREATE | ZipArchive::OVERWRITE) !== true) {
    fail("cannot write {$archivePath}");
}
foreach ($files as $file) {
    $path = __DIR__ . "/{$file}";
    if (!is_file($path) || !$archive->addFile($path, $file)) {
        fail("cannot add {$file} to the archive");
    }
}
$archive->close() || fail("cannot write {$archivePath}");
echo "{$archivePath}\n";
