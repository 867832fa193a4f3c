package io.github.plantstoremock.testcontainers;

import com.github.dockerjava.api.exception.NotFoundException;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The image built from the repository's Dockerfile: PLANTSTORE_TEST_IMAGE, else plantstore-mock:test, built
 * here when the runtime lacks it (CI builds it once for all four languages), and one container of it shared by
 * the tests. Without a runtime the tests are skipped, except with CI set.
 */
final class TestImage {
    static final Path REPO = Path.of(System.getProperty("plantstore.repo", "../..")).toAbsolutePath().normalize();
    static final Path FIXTURES = REPO.resolve("test/container/fixtures");
    private static String name;
    private static PlantStoreMockContainer shared;

    private TestImage() {}

    static synchronized String name() {
        if (name != null) return name;
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            String ci = System.getenv().getOrDefault("CI", "");
            String reason = "no Docker-compatible runtime answers; run scripts/container-runtime.sh (as root) or set DOCKER_HOST";
            if (!ci.isEmpty() && !ci.equals("0") && !ci.equals("false")) throw new IllegalStateException("CI needs a container runtime: " + reason);
            Assumptions.abort(reason);
        }
        String wanted = System.getenv().getOrDefault("PLANTSTORE_TEST_IMAGE", "plantstore-mock:test");
        try {
            DockerClientFactory.instance().client().inspectImageCmd(wanted).exec();
        } catch (NotFoundException missing) {
            new ImageFromDockerfile(wanted, false).withDockerfile(REPO.resolve("Dockerfile")).get();
        }
        name = wanted;
        return name;
    }

    /** One started container for the tests that need no options of their own; stopped after the last test class. */
    static synchronized PlantStoreMockContainer shared() {
        if (shared == null) {
            PlantStoreMockContainer container = new PlantStoreMockContainer(name());
            container.start();
            shared = container;
        }
        return shared;
    }

    /** Stops the shared container when the whole run ends (JUnit closes the root store's resources then). */
    static final class StopSharedAtEnd implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).getOrComputeIfAbsent(StopSharedAtEnd.class, key -> (AutoCloseable) () -> {
                synchronized (TestImage.class) {
                    if (shared != null) shared.stop();
                    shared = null;
                }
            }, AutoCloseable.class);
        }
    }
}
