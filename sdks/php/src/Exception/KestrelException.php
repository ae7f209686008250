<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/**
 * A request that failed, carrying the API's error envelope (type, code, message, param,
 * request_id) and the HTTP status and headers. Each envelope `type` has a subclass.
 */
class KestrelException extends \RuntimeException
{
    /**
     * @param array<string, string> $headers response headers, names in lower case
     */
    public function __construct(
        string $message,
        private readonly ?string $errorType = null,
        private readonly ?string $errorCode = null,
        private readonly ?string $param = null,
        private readonly ?string $requestId = null,
        private readonly ?int $httpStatus = null,
        private readonly array $headers = [],
        ?\Throwable $previous = null,
    ) {
        parent::__construct($message, 0, $previous);
    }

    /** The envelope's `type`, such as `invalid_request_error`. */
    public function getErrorType(): ?string
    {
        return $this->errorType;
    }

    /** The envelope's `code`, such as `parameter_missing`: branch on it, never on the message. */
    public function getErrorCode(): ?string
    {
        return $this->errorCode;
    }

    /** The request parameter at fault, or null when no single one is. */
    public function getParam(): ?string
    {
        return $this->param;
    }

    /** The envelope's `request_id`, or the `Kestrel-Request-Id` header: quote it to support. */
    public function getRequestId(): ?string
    {
        return $this->requestId;
    }

    /** The HTTP status, or null when no response arrived. */
    public function getHttpStatus(): ?int
    {
        return $this->httpStatus;
    }

    /** @return array<string, string> the response headers, names in lower case */
    public function getHeaders(): array
    {
        return $this->headers;
    }
}
