<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

use KestrelPay\Http\Response;

/** Turns a failed answer into the exception of its envelope's `type`. */
final class ErrorFactory
{
    private const CLASS_BY_TYPE = [
        'invalid_request_error' => InvalidRequestException::class,
        'authentication_error' => AuthenticationException::class,
        'permission_error' => PermissionException::class,
        'not_found_error' => NotFoundException::class,
        'conflict_error' => ConflictException::class,
        'rate_limit_error' => RateLimitException::class,
        'api_error' => ApiException::class,
    ];

    /** The type a status stands for when the answer has no envelope, such as a proxy's page. */
    private const TYPE_BY_STATUS = [
        400 => 'invalid_request_error',
        401 => 'authentication_error',
        403 => 'permission_error',
        404 => 'not_found_error',
        405 => 'invalid_request_error',
        408 => 'invalid_request_error',
        409 => 'conflict_error',
        413 => 'invalid_request_error',
        415 => 'invalid_request_error',
        429 => 'rate_limit_error',
    ];

    public static function fromResponse(Response $response): KestrelException
    {
        $error = $response->errorEnvelope();
        $type = self::text($error?->type ?? null) ?? self::TYPE_BY_STATUS[$response->status] ?? 'api_error';
        $class = self::CLASS_BY_TYPE[$type] ?? KestrelException::class;
        $message = self::text($error?->message ?? null)
            ?? "The API answered HTTP {$response->status} without an error envelope.";
        return new $class(
            $message,
            $type,
            self::text($error?->code ?? null),
            self::text($error?->param ?? null),
            self::text($error?->request_id ?? null) ?? $response->header('Kestrel-Request-Id'),
            $response->status,
            $response->headers,
        );
    }

    private static function text(mixed $value): ?string
    {
        return is_string($value) ? $value : null;
    }
}
