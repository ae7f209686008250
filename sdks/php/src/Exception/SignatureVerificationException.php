<?php

declare(strict_types=1);

namespace KestrelPay\Exception;

/** A webhook delivery whose `Kestrel-Signature` does not verify: answer it with a 400. */
class SignatureVerificationException extends KestrelException
{
}
