package io.github.plantstoremock.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;

/** Bad input: each exception names its cause and carries the container's last log lines. */
@ExtendWith(TestImage.StopSharedAtEnd.class)
class BadInputTest {
    @Test
    void aMissingDocumentFileThrowsAtOnceNamingIt() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new PlantStoreMockContainer().withSpec(Path.of("no-such-openapi.yaml")));
        assertTrue(error.getMessage().matches("the OpenAPI document .*no-such-openapi\\.yaml does not exist or is not a file"), error.getMessage());
    }

    @Test
    void aMissingOverlayFileThrowsAtOnceNamingIt() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new PlantStoreMockContainer().withOverlays(Path.of("no-such-overlay.yaml")));
        assertTrue(error.getMessage().matches("the overlay .*no-such-overlay\\.yaml does not exist or is not a file"), error.getMessage());
    }

    @Test
    void noDocumentsABasePathThatIsNoPathAndAProxyUrlThatIsNoUrlThrowAtOnce() {
        assertThrows(IllegalArgumentException.class, () -> new PlantStoreMockContainer().withSpecs(new SpecDocument[0]));
        IllegalArgumentException base = assertThrows(IllegalArgumentException.class, () -> SpecDocument.at("tiny", Path.of("x.yaml")));
        assertEquals("a base path starts with /; got \"tiny\"", base.getMessage());
        IllegalArgumentException proxy = assertThrows(IllegalArgumentException.class, () -> new PlantStoreMockContainer().withProxy("ftp://example.com"));
        assertTrue(proxy.getMessage().startsWith("withProxy needs an http:// or https:// URL"), proxy.getMessage());
    }

    @Test
    void anImageTheRuntimeCannotFindThrowsNamingIt() {
        TestImage.name();
        try (PlantStoreMockContainer missing = new PlantStoreMockContainer("localhost/plantstore-mock-missing:0")) {
            MockStartException error = assertThrows(MockStartException.class, missing::start);
            assertTrue(error.getMessage().startsWith("the image localhost/plantstore-mock-missing:0 did not start: could not be started"), error.getMessage());
        }
    }

    @Test
    void aContainerThatExitsThrowsWithItsLastLogLines() {
        try (PlantStoreMockContainer exiting = new PlantStoreMockContainer(TestImage.name()).withScenario("no-such-scenario")) {
            MockStartException error = assertThrows(MockStartException.class, exiting::start);
            assertTrue(error.cause().contains("exited with code 2 before it served"), error.getMessage());
            assertTrue(error.logs().contains("no scenario \"no-such-scenario\""), error.getMessage());
            assertTrue(error.getMessage().contains("last log lines of the container"));
        }
    }

    @Test
    void aScenarioTheServerLacksThrowsNamingItAndThoseItHas() {
        MockSession session = TestImage.shared().session();
        MockAdminException error = assertThrows(MockAdminException.class, () -> session.useScenario("no-such-scenario"));
        assertEquals(422, error.status());
        assertTrue(error.cause().contains("Unknown scenario \"no-such-scenario\"; available: duplicate-id"), error.getMessage());
        assertFalse(error.logs().isBlank());
        assertTrue(error.logs().lines().count() <= 30, error.getMessage());
    }
}
