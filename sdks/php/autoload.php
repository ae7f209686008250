<?php

// The library's classes without Composer: require this file instead of vendor/autoload.php.

declare(strict_types=1);

spl_autoload_register(static function (string $class): void {
    $prefix = 'KestrelPay\\';
    if (!str_starts_with($class, $prefix)) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
