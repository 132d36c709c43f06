<?php

declare(strict_types=1);

// Composer's autoloader when the package was installed with it; otherwise the same PSR-4 rule, by hand.
$composer = __DIR__ . '/../vendor/autoload.php';
if (is_file($composer)) {
    require $composer;
} else {
    spl_autoload_register(static function (string $class): void {
        $roots = ['ListingSync\\Tests\\' => __DIR__ . '/', 'ListingSync\\' => __DIR__ . '/../src/'];
        foreach ($roots as $prefix => $dir) {
            if (str_starts_with($class, $prefix)) {
                $file = $dir . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
                if (is_file($file)) {
                    require $file;
                }
                return;
            }
        }
    });
}
