import 'package:flutter/material.dart';
import 'package:flutter/services.dart';

const _links = MethodChannel('kiln/links');

void main() {
  WidgetsFlutterBinding.ensureInitialized();
  runApp(const KilnApp());
}

class KilnApp extends StatefulWidget {
  const KilnApp({super.key});

  @override
  State<KilnApp> createState() => _KilnAppState();
}

class _KilnAppState extends State<KilnApp> {
  String? _firing;

  @override
  void initState() {
    super.initState();
    // kiln://firing/<id> links are pushed by the native scene delegate.
    _links.setMethodCallHandler((call) async {
      if (call.method == 'open') {
        setState(() => _firing = Uri.parse(call.arguments as String).pathSegments.last);
      }
    });
  }

  @override
  Widget build(BuildContext context) {
    return MaterialApp(
      title: 'Kiln',
      home: Scaffold(
        appBar: AppBar(title: const Text('Kiln bookings')),
        body: Center(child: Text(_firing == null ? 'No firing selected' : 'Firing $_firing')),
      ),
    );
  }
}
