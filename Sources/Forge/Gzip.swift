import CZlib
import Foundation

/// gzip (RFC 1952) through zlib: code scanning takes SARIF gzip-compressed, then base64-encoded.
package enum Gzip {
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package static func compress(_ data: Data, level: Int32 = 6) throws(Failure) -> Data {
        var stream = z_stream()
        guard czlib_gzip_init(&stream, level) == Z_OK else { throw Failure(description: "zlib could not start compressing") }
        defer { deflateEnd(&stream) }
        var output = Data()
        var input = [UInt8](data)
        let chunk = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: chunk)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inputBytes in
            stream.next_in = inputBytes.baseAddress
            stream.avail_in = uInt(inputBytes.count)
            repeat {
                buffer.withUnsafeMutableBufferPointer { outputBytes in
                    stream.next_out = outputBytes.baseAddress
                    stream.avail_out = uInt(chunk)
                    status = deflate(&stream, Z_FINISH)
                    output.append(outputBytes.baseAddress!, count: chunk - Int(stream.avail_out))
                }
            } while status == Z_OK
        }
        guard status == Z_STREAM_END else { throw Failure(description: "zlib failed to compress (status \(status))") }
        return output
    }
}
