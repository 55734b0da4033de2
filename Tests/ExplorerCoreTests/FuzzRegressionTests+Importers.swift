@testable import ExplorerCore
@testable import ExplorerFormats
import Foundation
import Testing

/// The HAR and Insomnia fuzz targets' inputs, replayed with the same invariants: an error names the file, an import
/// loads back as written, and neither takes long.
extension FuzzRegressionTests {
    /// HARImporterFuzz: the whole input is the archive; an odd last byte keeps cookies.
    @Test(.timeLimit(.minutes(1))) func harImporter() throws {
        for url in FuzzRegressionTests.inputs("HARImporterFuzz") {
            let data = try Data(contentsOf: url)
            let start = ContinuousClock.now
            do {
                let result = try HARImporter.importArchive(data, source: "fuzz.har", keepCookies: (data.last ?? 0) & 1 == 1)
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["fuzz.har"], url)
            }
        }
    }

    /// InsomniaImporterFuzz: the whole input is the export.
    @Test(.timeLimit(.minutes(1))) func insomniaImporter() throws {
        for url in FuzzRegressionTests.inputs("InsomniaImporterFuzz") {
            let data = try Data(contentsOf: url)
            let start = ContinuousClock.now
            do {
                let result = try InsomniaImporter.importExport(data, source: "fuzz.insomnia.json")
                FuzzRegressionTests.expectQuick(since: start, url)
                try FuzzRegressionTests.expectRoundTrip(result, url)
            } catch let error as ImportError {
                FuzzRegressionTests.expectQuick(since: start, url)
                FuzzRegressionTests.expectNamed(error, ["fuzz.insomnia.json"], url)
            }
        }
    }
}
