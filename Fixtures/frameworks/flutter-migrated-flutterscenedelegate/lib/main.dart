import 'package:flutter/material.dart';
import 'package:shared_preferences/shared_preferences.dart';

void main() => runApp(const LarderApp());

class LarderApp extends StatelessWidget {
  const LarderApp({super.key});

  @override
  Widget build(BuildContext context) => MaterialApp(title: 'Larder', home: const ShelfPage());
}

class ShelfPage extends StatefulWidget {
  const ShelfPage({super.key});

  @override
  State<ShelfPage> createState() => _ShelfPageState();
}

class _ShelfPageState extends State<ShelfPage> {
  List<String> _items = [];

  @override
  void initState() {
    super.initState();
    SharedPreferences.getInstance().then((p) => setState(() => _items = p.getStringList('items') ?? []));
  }

  Future<void> _add(String item) async {
    final prefs = await SharedPreferences.getInstance();
    setState(() => _items = [..._items, item]);
    await prefs.setStringList('items', _items);
  }

  @override
  Widget build(BuildContext context) {
    return Scaffold(
      appBar: AppBar(title: const Text('Larder')),
      body: ListView(children: [for (final i in _items) ListTile(title: Text(i))]),
      floatingActionButton: FloatingActionButton(onPressed: () => _add('Oats'), child: const Icon(Icons.add)),
    );
  }
}
