package io.github.plantstoremock.testcontainers;

import java.nio.file.Path;

/**
 * One document of {@link PlantStoreMockContainer#withSpecs(SpecDocument...)}: a host file, mounted at
 * {@code base} ({@code --spec /billing=FILE}), or, with a null base, at its first servers URL's path.
 */
public record SpecDocument(String base, Path file) {
    public SpecDocument {
        if (base != null && !base.startsWith("/")) throw new IllegalArgumentException("a base path starts with /; got \"" + base + "\"");
        if (file == null) throw new IllegalArgumentException("a document needs a file");
    }

    /** The document at its first servers URL's path. */
    public static SpecDocument of(Path file) {
        return new SpecDocument(null, file);
    }

    /** The document at this base path ({@code "/billing"}). */
    public static SpecDocument at(String base, Path file) {
        return new SpecDocument(base, file);
    }
}
