package io.github.plantstoremock.testcontainers;

/** Base of the module's errors: the cause, and the container's last log lines ("" when no container ran). */
public class PlantStoreMockException extends RuntimeException {
    private final String cause;
    private final String logs;

    PlantStoreMockException(String cause, String logs, Throwable origin) {
        super(logs.isBlank() ? cause : cause + "\n--- last log lines of the container ---\n" + logs, origin);
        this.cause = cause;
        this.logs = logs;
    }

    /** What went wrong, without the log lines. */
    public String cause() {
        return cause;
    }

    /** The container's last log lines. */
    public String logs() {
        return logs;
    }
}
