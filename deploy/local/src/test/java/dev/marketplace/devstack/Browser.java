package dev.marketplace.devstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless browser for tests: Debian's {@code chromium} driven through {@code chromium-driver} by Selenium.
 * Register it per test ({@code @RegisterExtension final Browser browser = new Browser();}): each test gets a fresh
 * browser, a failed test leaves a screenshot and the page's HTML in {@code target/browser/}, and without the two
 * packages the test is skipped, saying how to install them.
 */
public final class Browser implements BeforeEachCallback, AfterTestExecutionCallback, AfterEachCallback {
    static final Path CHROMIUM = Path.of(System.getProperty("browser.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getProperty("browser.chromedriver", "/usr/bin/chromedriver"));
    static final String MISSING = "install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
            + " to run the browser tests";
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    private WebDriver driver;

    /** Whether this machine can run the browser tests. */
    static boolean installed() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Assumptions.assumeTrue(installed(), MISSING);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // --no-sandbox: CI runs as root, where Chromium's own sandbox refuses to start
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,1024", "--lang=en-US", "--no-first-run", "--disable-extensions");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 1024));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @Override
    public void afterTestExecution(ExtensionContext context) {
        if (driver != null && context.getExecutionException().isPresent()) {
            String name = context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName();
            try {
                Path dir = Files.createDirectories(Path.of("target", "browser"));
                Files.write(dir.resolve(name + ".png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
                Files.writeString(dir.resolve(name + ".html"), driver.getCurrentUrl() + "\n" + driver.getPageSource());
                System.out.println("browser: screenshot of the failed test in " + dir.toAbsolutePath().resolve(name + ".png"));
            } catch (Exception e) {
                System.out.println("browser: no screenshot of the failed test (" + e.getMessage() + ")");
            }
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (driver != null) {
            driver.quit();
            driver = null;
        }
    }

    /** Opens {@code url} and waits for the page to load. */
    public Browser open(String url) {
        driver.get(url);
        return this;
    }

    /** The element matching {@code css}, waiting until it is there and shown. */
    public WebElement find(String css) {
        return waitUntil(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    /** Every element matching {@code css} now (none: empty). */
    public List<WebElement> findAll(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /** Waits until {@code condition} answers something other than null or false; fails after 20 s. */
    public <T> T waitUntil(Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, PATIENCE).until(condition::apply);
    }

    /** Types {@code text} into the field matching {@code css}, after clearing it. */
    public Browser type(String css, String text) {
        WebElement field = find(css);
        field.clear();
        field.sendKeys(text);
        return this;
    }

    /** Clicks the element matching {@code css} once it can be clicked. */
    public Browser click(String css) {
        waitUntil(ExpectedConditions.elementToBeClickable(By.cssSelector(css))).click();
        return this;
    }

    /** The text of the element matching {@code css}, waiting for it. */
    public String text(String css) {
        return find(css).getText();
    }

    public String currentUrl() {
        return driver.getCurrentUrl();
    }

    public String title() {
        return driver.getTitle();
    }

    /** Selenium itself, for what this fixture does not cover (frames, keys, scripts). */
    public WebDriver driver() {
        return driver;
    }
}
